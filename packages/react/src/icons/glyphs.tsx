import { Glyph } from './Icon.tsx';

/** The modal's own glyphs: line drawings in the text colour (see Icon.tsx). */

/** The top bar's Back button (its label is `en.back`). */
export const BackIcon = () => <Glyph d="m15 18-6-6 6-6" />;

/** The top bar's Close button (its label is `en.close`). */
export const CloseIcon = () => <Glyph d="M18 6 6 18M6 6l12 12" />;

/** A success mark: a result screen's round badge. */
export const CheckIcon = () => <Glyph d="m20 6-11 11-5-5" />;

/** An error mark: an exclamation (the round cap of the second segment draws the dot). */
export const AlertIcon = () => <Glyph d="M12 6v8m0 4.5v.01" />;

/** A row that opens another screen ('More options', the web3-first group button). */
export const ChevronRightIcon = () => <Glyph d="m9 6 6 6-6 6" />;

/** A selector that opens a list (the phone form's country). */
export const ChevronDownIcon = () => <Glyph d="m6 9 6 6 6-6" />;

/** Copy a link or a value. */
export const CopyIcon = () => (
  <Glyph>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M15 5V4a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h1" />
  </Glyph>
);

/** A link that opens another site or app (store listings, a wallet's download page). */
export const ExternalLinkIcon = () => (
  <Glyph d="M14 4h6v6m0-6-9 9m7 1v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
);
