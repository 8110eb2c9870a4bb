import { createStore } from 'jotai';

/** The one jotai store: React reads it through <Provider store>, the HTTP layer and the router read it directly. */
export const appStore = createStore();
