import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { watchPreloadErrors } from './lazyPage';
import { loadSessionFromStorage } from './state/session';
import { appStore } from './state/store';
import './styles.css';

loadSessionFromStorage();
watchPreloadErrors();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={appStore}>
      <App />
    </Provider>
  </StrictMode>,
);
