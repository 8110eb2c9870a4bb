import { useState } from 'react';
import { Input } from 'antd';
import { ClusterOutlined } from '@ant-design/icons';
import { useForm } from '@formily/react';
import { PopupReportModal } from './PopupReportModal';
import { mapPopupRows, popupConfigError, popupDisplay, type PopupConfig } from './popup-logic';

export interface JPopupProps extends PopupConfig {
  value?: string;
  onChange?: (text: string, mapped?: Record<string, string>) => void;
  /** Called with every destination value (for forms outside Formily). */
  onCallback?: (mapped: Record<string, string>) => void;
  placeholder?: string;
  disabled?: boolean;
}

/** Picker over an online report: fills the destination fields from the chosen rows' original fields. */
export function JPopup({ value = '', onChange, onCallback, placeholder = '请选择', disabled, ...config }: JPopupProps) {
  const form = useForm();
  const [open, setOpen] = useState(false);
  const error = popupConfigError(config);
  if (error) return <span style={{ color: 'red' }}>{error}</span>;

  const apply = (mapped: Record<string, string>) => {
    if (form) {
      for (const [dest, destValue] of Object.entries(mapped)) if (dest !== config.field) form.setValuesIn(dest, destValue);
    }
    onCallback?.(mapped);
    onChange?.(popupDisplay(config, mapped), mapped);
  };

  return (
    <>
      <Input
        readOnly
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        allowClear
        suffix={<ClusterOutlined />}
        onClick={() => !disabled && setOpen(true)}
        onChange={(event) => {
          if (!event.target.value) apply(mapPopupRows(config, []));
        }}
      />
      <PopupReportModal
        open={open}
        config={config}
        onCancel={() => setOpen(false)}
        onOk={(rows) => {
          apply(mapPopupRows(config, rows));
          setOpen(false);
        }}
      />
    </>
  );
}
