/** Tree-table online forms use the same page: the server's page schema is a treeTable for is_tree forms. */
export { default } from './OnlCgformAutoList';
