// The footer's links (privacy policy, terms, contact), on signed-out and signed-in pages alike: a
// module of their own, so a signed-out page does not load the signed-in navigation and its icons.
import type { MessageKey } from '../../i18n/t.ts';

export const FOOTER_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/privacy-policy', label: 'layout.pages.privacyPolicy' },
  { to: '/terms-conditions', label: 'layout.pages.termsConditions' },
  { to: '/support', label: 'layout.pages.contactUs' },
];
