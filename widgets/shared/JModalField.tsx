import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { JModal } from './JModal';

export interface JModalFieldProps {
  /** Text of the button that opens the dialog. */
  buttonText?: string;
  title?: string;
  width?: number;
  fullscreen?: boolean;
  children?: ReactNode;
}

/** Schema container: a button opening a JModal around the nested fields. */
export function JModalField({ buttonText = '打开', title, width = 800, fullscreen, children }: JModalFieldProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{buttonText}</Button>
      <JModal
        open={open}
        title={title}
        width={width}
        fullscreen={fullscreen}
        onOk={() => setOpen(false)}
        onCancel={() => setOpen(false)}
        destroyOnHidden={false}
        forceRender
      >
        {children}
      </JModal>
    </>
  );
}
