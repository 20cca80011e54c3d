// SMS texts per language, DLT-friendly: each is one fixed template whose only variable is the code
// (the app's name is fixed per deployment). A language without templates here gets English SMS;
// the catalogue test checks every language of the web app has its set.
export type SmsPurpose = 'register' | 'reset' | 'phone_change';

/** Templates as registered with DLT: `{code}` is the variable, `{app}` the deployment's fixed name. */
export const SMS_TEXTS: Record<string, Record<SmsPurpose, string>> = {
  en: {
    register: '{code} is your {app} verification code. It expires in 10 minutes.',
    reset: '{code} is your {app} password reset code. It expires in 10 minutes. If you did not ask for it, ignore this message.',
    phone_change: '{code} is your {app} code to move your account to this mobile number. It expires in 10 minutes. If you did not ask for it, ignore this message.',
  },
  hi: {
    register: '{code} आपका {app} सत्यापन कोड है। यह 10 मिनट में समाप्त हो जाएगा।',
    reset: '{code} आपका {app} पासवर्ड रीसेट कोड है। यह 10 मिनट में समाप्त हो जाएगा। अगर आपने इसका अनुरोध नहीं किया, तो इस संदेश को अनदेखा करें।',
    phone_change: '{code} आपका {app} कोड है, जिससे आपका अकाउंट इस मोबाइल नंबर पर आएगा। यह 10 मिनट में समाप्त हो जाएगा। अगर आपने इसका अनुरोध नहीं किया, तो इस संदेश को अनदेखा करें।',
  },
  mr: {
    register: '{code} हा तुमचा {app} पडताळणी कोड आहे. तो 10 मिनिटांत कालबाह्य होईल.',
    reset: '{code} हा तुमचा {app} पासवर्ड रीसेट कोड आहे. तो 10 मिनिटांत कालबाह्य होईल. तुम्ही हा कोड मागितला नसल्यास, या संदेशाकडे दुर्लक्ष करा.',
    phone_change: '{code} हा तुमचे {app} खाते या मोबाइल नंबरवर हलवण्यासाठीचा कोड आहे. तो 10 मिनिटांत कालबाह्य होईल. तुम्ही हा कोड मागितला नसल्यास, या संदेशाकडे दुर्लक्ष करा.',
  },
  bn: {
    register: '{code} হল আপনার {app} ভেরিফিকেশন কোড। কোডটি 10 মিনিট বৈধ থাকবে।',
    reset: '{code} হল আপনার {app} পাসওয়ার্ড রিসেট কোড। কোডটি 10 মিনিট বৈধ থাকবে। আপনি এটি না চেয়ে থাকলে এই মেসেজটি উপেক্ষা করুন।',
    phone_change: '{code} হল এই মোবাইল নম্বরে আপনার অ্যাকাউন্ট সরানোর জন্য আপনার {app} কোড। কোডটি 10 মিনিট বৈধ থাকবে। আপনি এটি না চেয়ে থাকলে এই মেসেজটি উপেক্ষা করুন।',
  },
  te: {
    register: '{code} మీ {app} వెరిఫికేషన్ కోడ్. దీని గడువు 10 నిమిషాల్లో ముగుస్తుంది.',
    reset: '{code} మీ {app} పాస్‌వర్డ్ రీసెట్ కోడ్. దీని గడువు 10 నిమిషాల్లో ముగుస్తుంది. మీరు దీన్ని అడగకపోతే, ఈ సందేశాన్ని పట్టించుకోకండి.',
    phone_change: '{code} మీ ఖాతాను ఈ మొబైల్ నంబర్‌కు మార్చడానికి మీ {app} కోడ్. దీని గడువు 10 నిమిషాల్లో ముగుస్తుంది. మీరు దీన్ని అడగకపోతే, ఈ సందేశాన్ని పట్టించుకోకండి.',
  },
  gu: {
    register: '{code} તમારો {app} ચકાસણી કોડ છે. તે 10 મિનિટમાં સમાપ્ત થશે.',
    reset: '{code} તમારો {app} પાસવર્ડ રીસેટ કોડ છે. તે 10 મિનિટમાં સમાપ્ત થશે. જો તમે તે માંગ્યો ન હોય, તો આ મેસેજને અવગણો.',
    phone_change: '{code} આ મોબાઇલ નંબર પર તમારું એકાઉન્ટ ખસેડવા માટેનો તમારો {app} કોડ છે. તે 10 મિનિટમાં સમાપ્ત થશે. જો તમે તે માંગ્યો ન હોય, તો આ મેસેજને અવગણો.',
  },
  ur: {
    register: '{code} آپ کا {app} تصدیقی کوڈ ہے۔ یہ 10 منٹ میں ختم ہو جائے گا۔',
    reset: '{code} آپ کا {app} پاس ورڈ ری سیٹ کوڈ ہے۔ یہ 10 منٹ میں ختم ہو جائے گا۔ اگر آپ نے یہ نہیں مانگا تو اس پیغام کو نظر انداز کریں۔',
    phone_change: '{code} آپ کا {app} کوڈ ہے جس سے آپ کا اکاؤنٹ اس موبائل نمبر پر منتقل ہوگا۔ یہ 10 منٹ میں ختم ہو جائے گا۔ اگر آپ نے یہ نہیں مانگا تو اس پیغام کو نظر انداز کریں۔',
  },
  ta: {
    register: '{code} உங்கள் {app} சரிபார்ப்புக் குறியீடு. இது 10 நிமிடங்களில் காலாவதியாகும்.',
    reset: '{code} உங்கள் {app} கடவுச்சொல் மீட்டமைப்புக் குறியீடு. இது 10 நிமிடங்களில் காலாவதியாகும். நீங்கள் இதைக் கோரவில்லை என்றால், இந்தச் செய்தியைப் புறக்கணிக்கவும்.',
    phone_change: '{code} என்பது உங்கள் கணக்கை இந்த மொபைல் எண்ணுக்கு மாற்றுவதற்கான உங்கள் {app} குறியீடு. இது 10 நிமிடங்களில் காலாவதியாகும். நீங்கள் இதைக் கோரவில்லை என்றால், இந்தச் செய்தியைப் புறக்கணிக்கவும்.',
  },
  ml: {
    register: '{code} ആണ് നിങ്ങളുടെ {app} വെരിഫിക്കേഷൻ കോഡ്. ഇത് 10 മിനിറ്റിനുള്ളിൽ കാലഹരണപ്പെടും.',
    reset: '{code} ആണ് നിങ്ങളുടെ {app} പാസ്‌വേഡ് റീസെറ്റ് കോഡ്. ഇത് 10 മിനിറ്റിനുള്ളിൽ കാലഹരണപ്പെടും. നിങ്ങൾ ഇത് ആവശ്യപ്പെട്ടിട്ടില്ലെങ്കിൽ, ഈ സന്ദേശം അവഗണിക്കുക.',
    phone_change: '{code} ആണ് നിങ്ങളുടെ അക്കൗണ്ട് ഈ മൊബൈൽ നമ്പറിലേക്ക് മാറ്റാനുള്ള {app} കോഡ്. ഇത് 10 മിനിറ്റിനുള്ളിൽ കാലഹരണപ്പെടും. നിങ്ങൾ ഇത് ആവശ്യപ്പെട്ടിട്ടില്ലെങ്കിൽ, ഈ സന്ദേശം അവഗണിക്കുക.',
  },
  kn: {
    register: '{code} ನಿಮ್ಮ {app} ಪರಿಶೀಲನಾ ಕೋಡ್. ಇದು 10 ನಿಮಿಷಗಳಲ್ಲಿ ಅವಧಿ ಮೀರುತ್ತದೆ.',
    reset: '{code} ನಿಮ್ಮ {app} ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಸುವ ಕೋಡ್. ಇದು 10 ನಿಮಿಷಗಳಲ್ಲಿ ಅವಧಿ ಮೀರುತ್ತದೆ. ನೀವು ಇದನ್ನು ಕೇಳದಿದ್ದರೆ, ಈ ಸಂದೇಶವನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ.',
    phone_change: '{code} ನಿಮ್ಮ {app} ಖಾತೆಯನ್ನು ಈ ಮೊಬೈಲ್ ಸಂಖ್ಯೆಗೆ ಬದಲಾಯಿಸುವ ಕೋಡ್. ಇದು 10 ನಿಮಿಷಗಳಲ್ಲಿ ಅವಧಿ ಮೀರುತ್ತದೆ. ನೀವು ಇದನ್ನು ಕೇಳದಿದ್ದರೆ, ಈ ಸಂದೇಶವನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ.',
  },
  or: {
    register: '{code} ଆପଣଙ୍କ {app} ଯାଞ୍ଚ କୋଡ। ଏହାର ମିଆଦ 10 ମିନିଟରେ ସରିବ।',
    reset: '{code} ଆପଣଙ୍କ {app} ପାସୱାର୍ଡ ରିସେଟ କୋଡ। ଏହାର ମିଆଦ 10 ମିନିଟରେ ସରିବ। ଆପଣ ଏହା ମାଗିନଥିଲେ, ଏହି ମେସେଜକୁ ଅଣଦେଖା କରନ୍ତୁ।',
    phone_change: '{code} ଆପଣଙ୍କ ଆକାଉଣ୍ଟକୁ ଏହି ମୋବାଇଲ ନମ୍ବରକୁ ନେବା ପାଇଁ ଆପଣଙ୍କ {app} କୋଡ। ଏହାର ମିଆଦ 10 ମିନିଟରେ ସରିବ। ଆପଣ ଏହା ମାଗିନଥିଲେ, ଏହି ମେସେଜକୁ ଅଣଦେଖା କରନ୍ତୁ।',
  },
  pa: {
    register: '{code} ਤੁਹਾਡਾ {app} ਪੁਸ਼ਟੀ ਕੋਡ ਹੈ। ਇਹ 10 ਮਿੰਟਾਂ ਵਿੱਚ ਖਤਮ ਹੋ ਜਾਵੇਗਾ।',
    reset: '{code} ਤੁਹਾਡਾ {app} ਪਾਸਵਰਡ ਰੀਸੈੱਟ ਕੋਡ ਹੈ। ਇਹ 10 ਮਿੰਟਾਂ ਵਿੱਚ ਖਤਮ ਹੋ ਜਾਵੇਗਾ। ਜੇ ਤੁਸੀਂ ਇਹ ਨਹੀਂ ਮੰਗਿਆ, ਤਾਂ ਇਸ ਸੁਨੇਹੇ ਨੂੰ ਅਣਡਿੱਠ ਕਰੋ।',
    phone_change: '{code} ਤੁਹਾਡੇ {app} ਅਕਾਊਂਟ ਨੂੰ ਇਸ ਮੋਬਾਈਲ ਨੰਬਰ ਉੱਤੇ ਲਿਆਉਣ ਦਾ ਕੋਡ ਹੈ। ਇਹ 10 ਮਿੰਟਾਂ ਵਿੱਚ ਖਤਮ ਹੋ ਜਾਵੇਗਾ। ਜੇ ਤੁਸੀਂ ਇਹ ਨਹੀਂ ਮੰਗਿਆ, ਤਾਂ ਇਸ ਸੁਨੇਹੇ ਨੂੰ ਅਣਡਿੱਠ ਕਰੋ।',
  },
};

/** Languages an account can choose: those with SMS templates. */
export const ACCOUNT_LANGUAGES = Object.keys(SMS_TEXTS);

export function smsText(language: string | null | undefined, purpose: SmsPurpose, code: string, appName: string): string {
  const texts = (language && SMS_TEXTS[language]) || SMS_TEXTS.en!;
  // One pass, so a code or name that looks like a placeholder is never replaced again.
  return texts[purpose].replace(/\{(code|app)\}/g, (_, name: string) => (name === 'code' ? code : appName));
}
