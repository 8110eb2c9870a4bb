/**
 * The names of the field types the widget library registers, without their modules: the registration
 * maps are typed by these lists, and the schema validator (Node) reads them to know which names exist.
 */
export const WIDGET_TYPE_NAMES = [
  'JInput',
  'JSwitch',
  'JSlider',
  'JEllipsis',
  'JInputPop',
  'JTextareaPop',
  'JModal',
  'JFormValues',
  'JUpload',
  'JImageUpload',
  'JDictSelectTag',
  'JMultiSelectTag',
  'JSearchSelectTag',
  'JCategorySelect',
  'JTreeSelect',
  'JLinkedSelect',
  'JAreaLinkage',
  'JSelectDepart',
  'JSelectUserByDep',
  'JSelectMultiUser',
  'JSelectRole',
  'JSelectPosition',
  'JPopup',
  'JEditor',
  'JMarkdownEditor',
  'JCodeEditor',
  'JPdfView',
  'JImagePreview',
  'JCron',
  'JEasyCron',
] as const;

export type WidgetTypeName = (typeof WIDGET_TYPE_NAMES)[number];

/** Field types the administration schemas use besides the JeecgBoot widgets. */
export const ADMIN_FIELD_TYPE_NAMES = [
  'IconPicker',
  'AdminRemoteSelect',
  'AdminDateRange',
  'AdminFixedText',
  'AdminStatusTag',
  'CheckRuleSteps',
] as const;

export type AdminFieldTypeName = (typeof ADMIN_FIELD_TYPE_NAMES)[number];

export const EDITABLE_GRID_TYPE = 'EditableGrid';
