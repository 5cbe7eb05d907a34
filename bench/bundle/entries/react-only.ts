// The baseline: the same page with React and react-dom alone, bundled the same way.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  createElement('button', { type: 'button', onClick: () => undefined }, 'Log in'),
);
