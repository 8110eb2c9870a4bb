import { createContext } from 'react';

/** The file (or server page) the page being rendered comes from, named by every error panel inside it. */
export const SchemaSourceContext = createContext<string | undefined>(undefined);
