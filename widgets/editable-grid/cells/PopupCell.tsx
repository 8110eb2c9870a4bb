import { useState } from 'react';
import { Input, message } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { PopupReportModal, mapPopupRows, popupConfigError, type PopupConfig } from '@widgets/reuse';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { useGridContext } from '../parts/gridContext';

function popupConfig(column: CellRenderProps['column']): PopupConfig {
  return {
    code: column.popupCode,
    field: column.key,
    orgFields: column.orgFields,
    destFields: column.destFields,
    multi: column.multi === true,
    ...(column.props as Partial<PopupConfig> | undefined),
  };
}

/** Popup report picker (the widget library's report dialog): the chosen record's orgFields go into the row's destFields. */
export function PopupCell({ value, rowId, column, disabled, size }: CellRenderProps) {
  const { services, setRowValues } = useGridContext();
  const [open, setOpen] = useState(false);
  const config = popupConfig(column);

  const openPicker = () => {
    const problem = popupConfigError(config);
    if (problem) return void message.error(problem);
    if (!disabled && services) setOpen(true);
  };

  return (
    <>
      <Input
        readOnly
        size={controlSize(size)}
        disabled={disabled}
        value={value == null ? '' : String(value)}
        placeholder={column.placeholder ?? '点击选择'}
        onClick={openPicker}
        suffix={<SearchOutlined />}
      />
      {services && open && (
        <PopupReportModal
          open
          config={config}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            setRowValues(rowId, mapPopupRows(config, rows));
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
