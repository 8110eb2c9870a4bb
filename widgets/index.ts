import { registerValidateRules } from '@formily/core';
import { hasField, registerField, type FieldParts } from '@renderer/registry';
import { ADMIN_FIELD_TYPE_NAMES, WIDGET_TYPE_NAMES, type AdminFieldTypeName, type WidgetTypeName } from './field-type-names';

type PartsLoader = () => Promise<FieldParts>;

/**
 * Every custom field type, by its JeecgBoot component name. Each loads its module on first use,
 * so editors, pdf.js and the area data stay out of the boot bundle.
 */
export const WIDGET_LOADERS: Record<WidgetTypeName, PartsLoader> = {
  JInput: () => import('./basic/parts').then((m) => m.JInputParts),
  JSwitch: () => import('./basic/parts').then((m) => m.JSwitchParts),
  JSlider: () => import('./basic/parts').then((m) => m.JSliderParts),
  JEllipsis: () => import('./basic/parts').then((m) => m.JEllipsisParts),
  JInputPop: () => import('./basic/parts').then((m) => m.JInputPopParts),
  JTextareaPop: () => import('./basic/parts').then((m) => m.JTextareaPopParts),
  JModal: () => import('./shared/parts').then((m) => m.JModalParts),
  JFormValues: () => import('./shared/parts').then((m) => m.JFormValuesParts),
  JUpload: () => import('./upload/parts').then((m) => m.JUploadParts),
  JImageUpload: () => import('./upload/parts').then((m) => m.JImageUploadParts),
  JDictSelectTag: () => import('./dict/parts').then((m) => m.JDictSelectTagParts),
  JMultiSelectTag: () => import('./dict/parts').then((m) => m.JMultiSelectTagParts),
  JSearchSelectTag: () => import('./dict/parts').then((m) => m.JSearchSelectTagParts),
  JCategorySelect: () => import('./dict/parts').then((m) => m.JCategorySelectParts),
  JTreeSelect: () => import('./dict/parts').then((m) => m.JTreeSelectParts),
  JLinkedSelect: () => import('./dict/parts').then((m) => m.JLinkedSelectParts),
  JAreaLinkage: () => import('./area/parts').then((m) => m.JAreaLinkageParts),
  JSelectDepart: () => import('./pickers/parts').then((m) => m.JSelectDepartParts),
  JSelectUserByDep: () => import('./pickers/parts').then((m) => m.JSelectUserByDepParts),
  JSelectMultiUser: () => import('./pickers/parts').then((m) => m.JSelectMultiUserParts),
  JSelectRole: () => import('./pickers/parts').then((m) => m.JSelectRoleParts),
  JSelectPosition: () => import('./pickers/parts').then((m) => m.JSelectPositionParts),
  JPopup: () => import('./pickers/parts').then((m) => m.JPopupParts),
  JEditor: () => import('./editors/rich-parts').then((m) => m.JEditorParts),
  JMarkdownEditor: () => import('./editors/markdown-parts').then((m) => m.JMarkdownEditorParts),
  JCodeEditor: () => import('./editors/code-parts').then((m) => m.JCodeEditorParts),
  JPdfView: () => import('./editors/pdf-parts').then((m) => m.JPdfViewParts),
  JImagePreview: () => import('./editors/pdf-parts').then((m) => m.JImagePreviewParts),
  JCron: () => import('./cron/parts').then((m) => m.JCronParts),
  JEasyCron: () => import('./cron/parts').then((m) => m.JEasyCronParts),
};

export const WIDGET_TYPES: readonly string[] = WIDGET_TYPE_NAMES;

/** Field types the administration schemas use besides the JeecgBoot widgets. */
export const ADMIN_FIELD_LOADERS: Record<AdminFieldTypeName, PartsLoader> = {
  // Menu icon name with a picking dialog (its cell shows the icon).
  IconPicker: () => import('./basic/extra-parts').then((m) => m.IconPickerParts),
  // Select or tree select with options from an endpoint; comma-separated ids.
  AdminRemoteSelect: () => import('./basic/extra-parts').then((m) => m.RemoteSelectParts),
  // `"[x_begin,x_end]"` query ranges.
  AdminDateRange: () => import('./basic/extra-parts').then((m) => m.DateRangeParts),
  // A cell showing `props.text` in every row, e.g. `{parent.departName}` in a sub-page.
  AdminFixedText: () => import('./basic/extra-parts').then((m) => m.FixedTextParts),
  // A coloured tag per value: `props.tags` = { "<value>": { "text": "已启动", "color": "green" } }.
  AdminStatusTag: () => import('./basic/extra-parts').then((m) => m.StatusTagParts),
  // 编码校验规则's ordered steps (JSON text), see server/modules/rules/check-steps.ts.
  CheckRuleSteps: () => import('./basic/CheckRuleSteps').then((m) => ({ component: m.CheckRuleSteps, readPretty: m.CheckRuleStepsPretty })),
};

/** Register every widget type in the renderer registry. Safe to call more than once. */
export function registerWidgets(): void {
  registerValidateRules({
    /** `x-validator: [{ cron: true }]` checks a Quartz expression. */
    async cron(value: unknown) {
      const { validateCron } = await import('./cron/cron-validate');
      return validateCron(typeof value === 'string' ? value : '') ?? '';
    },
  });
  for (const type of WIDGET_TYPE_NAMES) if (!hasField(type)) registerField(type, { load: WIDGET_LOADERS[type] });
  for (const type of ADMIN_FIELD_TYPE_NAMES) if (!hasField(type)) registerField(type, { load: ADMIN_FIELD_LOADERS[type] });
}
