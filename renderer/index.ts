export { SchemaPage, type SchemaPageProps } from './SchemaPage';
export { useListPage, type ListPageController, type ListPageOptions, type Row } from './list/useListPage';
export { ListReloadKeyContext, signalListReload, useListReloadSignal } from './list/reloadSignal';
export { ListPageView } from './list/ListPageView';
export { useListContext, useOptionalListContext, type ListContextValue, type ReloadOptions } from './list/ListContext';
export {
  registerView,
  hasView,
  registeredViews,
  getViewRegistration,
  DuplicateViewError,
  type ViewProps,
  type ViewComponent,
  type ViewRegistration,
} from './views/registry';
export { ViewSlot } from './views/ViewSlot';
export { registerAction, hasAction, getAction, type CustomActionContext, type CustomActionHandler } from './actions/registry';
export { runAction, type ActionRunContext, type OpenDialog } from './actions/run';
export { actionScope, type ActionScope } from './actions/scope';
export { fillTemplate } from './actions/template';
export { SubPage, fillParent } from './actions/SubPage';
export { lockFields } from './actions/FormDialog';
export { FormPageView } from './form/FormPageView';
export { RecordModal, type RecordMode, type RecordModalProps } from './list/RecordModal';
export { SchemaForm, type SchemaFormProps } from './form/SchemaForm';
export { configureRenderer } from './configure';
export { loadPageSchema, hasPageSchema } from './schema/load';
export { validatePageSchema, validateEntitySchema, validateSchemaDocument, type SchemaIssue } from './schema/validate';
export { SchemaErrorPanel } from './schema/SchemaErrorPanel';
export type * from '@contract/schema-types.gen';
export { errorText, REQUEST_FAILED } from './data/errors';
export { RendererProvider, useRenderer, type RendererServices, type RendererHttp, type ApiResult, type QueryParams } from './context';
export {
  createDataProvider,
  pageOf,
  listOf,
  resultOf,
  doneOf,
  RequestError,
  normalizeDictItems,
  type DataProvider,
  type DataPaths,
  type Page,
  type DuplicateCheckOptions,
  type Done,
  type Call,
} from './data/provider';
export { showRequestError, attempt, isTransportError, unlessRefused } from './data/requestError';
export { usePagedList, type PagedQuery, type PagedListOptions, type PagedList } from './list/usePagedList';
export * from './registry';
export { registerBuiltinFields, BUILTIN_FIELD_TYPES } from './fields';
export {
  loadDictItems,
  peekDictItems,
  useDictItems,
  useDictOptions,
  dictText,
  splitValue,
  clearDictCache,
  saveAllDictItems,
  DICT_CACHE_MS,
  EMPTY_DICT_CODE_MESSAGE,
  type DictItem,
} from './data/dict';
export { defaultNotifier, type Notifier } from './data/notify';
export { useNotifier } from './data/useNotifier';
export { evaluateExpression, installSafeCompiler } from './expression';
export { registerPresetValidators } from './validators';
export { checkCreditCode, checkIdCard, ID_NUMBER_CHECKS } from './validators/id-numbers';
export { createPermissionChecker, excludedCodes, type PermissionEntry } from './permissions';
export * from './superQuery/model';
export { readSavedQueries, savedQueryKey, type SavedQuery } from './superQuery/saved';
export { buildListParams, isValidSorter, totalText } from './list/params';
export { useIsMobile, MOBILE_BREAKPOINT } from './layout/useIsMobile';
export { CheckboxList, type CheckboxListOption, type CheckboxListProps } from './fields/CheckboxList';
