import { registerCellType, registerCellTypeAliases, type CellTypeDefinition, type TypedStart } from './registry';
import { isAcceptableNumberInput } from './numberInput';
import { plainText, optionsText } from './text';
import { InputCell } from './InputCell';
import { InputNumberCell } from './InputNumberCell';
import { TextareaCell } from './TextareaCell';
import { MultiSelectCell, SearchSelectCell, SelectCell } from './SelectCell';
import { SelectDisplay } from './SelectDisplay';
import { DictSearchCell, DictSearchDisplay } from './DictSearchCell';
import { DateCell, DateTimeCell, TimeCell } from './DateCell';
import { CheckboxCell, RadioCell } from './ChoiceCells';
import { ProgressDisplay, SlotCell, TagsDisplay } from './DisplayCells';
import { TagsCell } from './TagsCell';
import { formatTagInput } from './tagInput';
import { UploadCell } from './UploadCell';
import { DepartPickerCell, UserPickerCell, pickerText } from './PickerCell';
import { PopupCell } from './PopupCell';

/** Minimum widths: datetime, user and department pickers 190 px, date 135 px. */
export const MIN_WIDTHS = { datetime: 190, sel_user: 190, sel_depart: 190, date: 135 } as const;

const select = (Editor: CellTypeDefinition['Editor'], startByTyping?: CellTypeDefinition['startByTyping']): CellTypeDefinition => ({
  mode: 'edit',
  Editor,
  Display: SelectDisplay,
  toText: (v, c) => optionsText(v, c.options),
  startByTyping,
});

const typedAsValue = (): TypedStart => 'value';
const typedAsSearch = (): TypedStart => 'search';

let installed = false;

/** Register the built-in cell types once. */
export function installBuiltinCells(): void {
  if (installed) return;
  installed = true;
  registerCellType('normal', { mode: 'cell', toText: plainText });
  registerCellType('hidden', { mode: 'cell', toText: plainText });
  registerCellType('input', { mode: 'edit', Editor: InputCell, toText: plainText, startByTyping: typedAsValue });
  registerCellType('inputNumber', {
    mode: 'edit',
    Editor: InputNumberCell,
    toText: plainText,
    startByTyping: (key) => (isAcceptableNumberInput(key) ? 'value' : null),
  });
  registerCellTypeAliases(['textarea', 'input_pop'], {
    mode: 'edit',
    Editor: TextareaCell,
    toText: plainText,
    startByTyping: typedAsValue,
  });
  registerCellType(
    'select',
    select(SelectCell, (_key, c) => (c.allowSearch || c.allowInput ? 'search' : 'open')),
  );
  registerCellTypeAliases(['select-search', 'sel_search'], select(SearchSelectCell, typedAsSearch));
  registerCellTypeAliases(['select-multiple', 'list_multi'], select(MultiSelectCell));
  registerCellTypeAliases(['select-dict-search', 'sel_search_async'], {
    mode: 'edit',
    Editor: DictSearchCell,
    Display: DictSearchDisplay,
    toText: plainText,
    startByTyping: typedAsSearch,
  });
  registerCellType('date', { mode: 'edit', Editor: DateCell, toText: plainText, minWidth: MIN_WIDTHS.date });
  registerCellType('datetime', { mode: 'edit', Editor: DateTimeCell, toText: plainText, minWidth: MIN_WIDTHS.datetime });
  registerCellType('time', { mode: 'edit', Editor: TimeCell, toText: plainText });
  registerCellTypeAliases(['checkbox', 'checkbox_meta'], { mode: 'visible', Editor: CheckboxCell, toText: plainText });
  registerCellType('radio', { mode: 'visible', Editor: RadioCell, toText: (v, c) => optionsText(v, c.options) });
  registerCellTypeAliases(['upload', 'file', 'image'], { mode: 'visible', Editor: UploadCell, toText: plainText });
  registerCellType('progress', { mode: 'cell', Display: ProgressDisplay, toText: plainText });
  registerCellType('tags', {
    mode: 'edit',
    Editor: TagsCell,
    Display: TagsDisplay,
    toText: plainText,
    startByTyping: (key) => (formatTagInput(key) ? 'value' : null),
  });
  registerCellType('sel_depart', {
    mode: 'visible',
    Editor: DepartPickerCell,
    toText: (v) => pickerText(v),
    minWidth: MIN_WIDTHS.sel_depart,
  });
  registerCellType('sel_user', { mode: 'visible', Editor: UserPickerCell, toText: (v) => pickerText(v), minWidth: MIN_WIDTHS.sel_user });
  registerCellType('popup', { mode: 'visible', Editor: PopupCell, toText: plainText });
  registerCellType('slot', { mode: 'cell', Display: SlotCell, toText: plainText });
}
