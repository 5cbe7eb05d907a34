/**
 * `@latchkey/demo/testing`: what the demo signs, so the browser e2e tests can check the signatures
 * it shows without copying its samples. Plain data, like the samples: importing it loads no React.
 */
export { demoSignMessage, demoTypedData, embeddedDemoMessage } from './signingSamples.ts';
