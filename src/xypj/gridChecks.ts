import { registerValidationHandler } from '@widgets/editable-grid';

/** Editable-grid checks of the credit evaluation sub-forms, by the names their page schemas use. */
export function registerEvaluationGridChecks(): void {
  registerValidationHandler('endNotBeforeStart', ({ value, row }) => {
    const start = row.startDate;
    if (!value || !start) return true;
    return String(value) >= String(start) || '竣工日期不能早于开工日期';
  });
  registerValidationHandler('deduction0to20', ({ value }) => {
    if (value === undefined || value === null || value === '') return true;
    const n = Number(value);
    return (Number.isFinite(n) && n >= 0 && n <= 20) || '扣分应在0到20之间';
  });
}
