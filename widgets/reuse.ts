/**
 * Pieces other client code (the editable grid, hand-made views) reuses instead of copying.
 * Heavy parts (rich text, markdown, code editor, PDF, area data) are not re-exported here:
 * import them from their own modules so they stay in their own chunks.
 */
export { JModal, type JModalProps, MODAL_BODY_HEIGHT_RATIO } from './shared/JModal';
export { JEllipsis, ellipsis, DEFAULT_ELLIPSIS_LENGTH } from './shared/JEllipsis';
export { fileNameOf, isImagePath } from './shared/files';
export { useFileUrls } from './shared/useFileUrls';
export { signedUrls, needsSignedUrl, type SignedFileUrl } from './shared/signed-urls';
export { widgetParts, PlainText, type PrettyProps } from './shared/fieldParts';
export { JInputPop, JTextareaPop, INPUT_POP_SIZE, TEXTAREA_POP_SIZE } from './basic/JInputPop';
export { applyQueryPrefix, stripQueryPrefix, type QueryPrefixType } from './basic/query-prefix';
export { JUpload, JImageUpload, type JUploadProps } from './upload/JUpload';
export { JFilePop, FILE_POP_SIZE, type FilePopResult } from './upload/JFilePop';
export { useUploadList } from './upload/useUploadList';
export * from './upload/upload-rules';
export { JDictSelectTag, DictPretty } from './dict/JDictSelectTag';
export { JMultiSelectTag } from './dict/JMultiSelectTag';
export { JSearchSelectTag } from './dict/JSearchSelectTag';
export { loadDictItems, useDictOptions, dictText, splitValue, normalizeDictItems, type DictItem } from '@renderer/index';
export { searchDict, loadDictLabels, SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE } from './dict/search-dict';
export { loadTableTreeChildren } from './dict/tree-api';
export { DepartTree } from './pickers/DepartTree';
export { DepartSelectModal } from './pickers/DepartSelectModal';
export { JSelectDepart } from './pickers/JSelectDepart';
export { loadDepartLevel, searchDeparts, departsByIds, type DepartNode } from './pickers/depart-api';
export { UserPickerModal } from './pickers/UserPickerModal';
export { JSelectUserByDep } from './pickers/JSelectUserByDep';
export { usersByValues, queryPickerUsers, sexText, type PickerUser } from './pickers/user-api';
export { JSelectMultiUser, JSelectRole, JSelectPosition } from './pickers/biz-widgets';
export { JPopup } from './pickers/JPopup';
export { PopupReportModal } from './pickers/PopupReportModal';
export * from './pickers/popup-logic';
export { validateCron } from './cron/cron-validate';
export { previewText, nextRuns } from './cron/cron-preview';
