// SMS texts per language, DLT-friendly: each is one fixed template whose only variable is the code
// (the app's name is fixed per deployment). A language without templates here gets English SMS;
// the catalogue test checks every language of the web app has its pair.
export type SmsPurpose = 'register' | 'reset' | 'phone_change';

export const SMS_TEXTS: Record<string, Record<SmsPurpose, (code: string, appName: string) => string>> = {
  en: {
    register: (code, app) => `${code} is your ${app} verification code. It expires in 10 minutes.`,
    reset: (code, app) => `${code} is your ${app} password reset code. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
    phone_change: (code, app) => `${code} is your ${app} code to move your account to this mobile number. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
  },
  hi: {
    register: (code, app) => `${code} आपका ${app} सत्यापन कोड है। यह 10 मिनट में समाप्त हो जाएगा।`,
    reset: (code, app) => `${code} आपका ${app} पासवर्ड रीसेट कोड है। यह 10 मिनट में समाप्त हो जाएगा। अगर आपने इसका अनुरोध नहीं किया, तो इस संदेश को अनदेखा करें।`,
    phone_change: (code, app) => `${code} आपका ${app} कोड है, जिससे आपका अकाउंट इस मोबाइल नंबर पर आएगा। यह 10 मिनट में समाप्त हो जाएगा। अगर आपने इसका अनुरोध नहीं किया, तो इस संदेश को अनदेखा करें।`,
  },
};

/** Languages an account can choose: those with SMS templates. */
export const ACCOUNT_LANGUAGES = Object.keys(SMS_TEXTS);

export function smsText(language: string | null | undefined, purpose: SmsPurpose, code: string, appName: string): string {
  const texts = (language && SMS_TEXTS[language]) || SMS_TEXTS.en!;
  return texts[purpose](code, appName);
}
