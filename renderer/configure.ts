import type { DataProvider } from './data/provider';
import { installSafeCompiler } from './expression';
import { registerBuiltinFields } from './fields';
import { registerPresetValidators } from './validators';

/**
 * Start-up wiring, called once before the first render: the safe expression compiler, the
 * validators (their server checks go through `data`) and the built-in field types.
 */
export function configureRenderer({ data }: { data: DataProvider }): void {
  installSafeCompiler();
  registerPresetValidators(data);
  registerBuiltinFields();
}
