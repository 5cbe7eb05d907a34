/** Every modal screen at 375 px: baselines, no sideways scroll, the bottom sheet (e2e/visual-suite.ts). */
import { narrowViewport, visualSuite } from './visual-suite.ts';

visualSuite(narrowViewport);
