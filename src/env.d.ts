/** API base path injected by Vite (`define`), e.g. "/api". */
declare const __API_BASE__: string;
