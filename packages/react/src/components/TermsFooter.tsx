import { en } from '../copy/en.ts';

/** 'By logging in I agree to the Terms & Privacy Policy', each a link when its URL exists. */
export function TermsFooter({
  termsUrl,
  privacyUrl,
}: {
  termsUrl: string | null;
  privacyUrl: string | null;
}) {
  const link = (href: string | null, text: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : (
      text
    );
  return (
    <p className="lk-footer" data-testid="lk-terms-footer">
      {en.termsFooterPrefix} {link(termsUrl, en.termsFooterTerms)} {en.termsFooterAnd}{' '}
      {link(privacyUrl, en.termsFooterPrivacy)}
    </p>
  );
}
