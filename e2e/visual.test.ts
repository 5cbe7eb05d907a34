/** Every modal screen at 1024 px: baselines, axe, the dialog's geometry (e2e/visual-suite.ts). */
import { visualSuite, wideViewport } from './visual-suite.ts';

visualSuite(wideViewport);
