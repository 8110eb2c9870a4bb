/** ERP-style online forms: the same page (main list with its sub tables in the form). */
export { default } from '../OnlCgformAutoList';
