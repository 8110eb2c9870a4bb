/** Tab-style online forms: the same page (sub tables as grids in the form). */
export { default } from '../OnlCgformAutoList';
