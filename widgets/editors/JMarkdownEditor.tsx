import { useState } from 'react';
import MDEditor, { commands, type ICommand } from '@uiw/react-md-editor/nohighlight';
import '@uiw/react-md-editor/markdown-editor.css';
import { Input, Modal, Tabs } from 'antd';
import { useRenderer } from '@renderer/context';
import { JUpload } from '../upload/JUpload';

export const MARKDOWN_MIN_HEIGHT = 200;
export const MARKDOWN_HEIGHT = 300;

export interface JMarkdownEditorProps {
  value?: string;
  onChange?: (markdown: string) => void;
  height?: number;
  disabled?: boolean;
}

/** Markdown image for an uploaded path or an address, with the note as alt text. */
export function markdownImage(url: string, note: string): string {
  return `![${note}](${url})`;
}

/** Markdown editor (min 200 px, default 300 px, Chinese toolbar) with a 上传图片 dialog. */
export function JMarkdownEditor({ value = '', onChange, height = MARKDOWN_HEIGHT, disabled }: JMarkdownEditorProps) {
  const { data } = useRenderer();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('local');
  const [path, setPath] = useState('');
  const [address, setAddress] = useState('');
  const [note, setNote] = useState('');

  const uploadCommand: ICommand = {
    name: 'upload-image',
    keyCommand: 'upload-image',
    buttonProps: { 'aria-label': '上传图片', title: '上传图片' },
    icon: <span style={{ fontSize: 12 }}>上传图片</span>,
    execute: () => {
      setPath('');
      setAddress('');
      setNote('');
      setOpen(true);
    },
  };
  const insert = () => {
    const url = tab === 'local' ? (path ? data.fileUrl(path) : '') : address;
    if (url) onChange?.(`${value}${value && !value.endsWith('\n') ? '\n' : ''}${markdownImage(url, note)}`);
    setOpen(false);
  };

  return (
    <div className="j-markdown-editor" data-color-mode="light" lang="zh-CN">
      <MDEditor
        value={value}
        onChange={(next) => onChange?.(next ?? '')}
        height={height}
        minHeight={MARKDOWN_MIN_HEIGHT}
        preview={disabled ? 'preview' : 'live'}
        commands={[
          commands.title,
          commands.bold,
          commands.italic,
          commands.strikethrough,
          commands.hr,
          commands.divider,
          commands.quote,
          commands.unorderedListCommand,
          commands.orderedListCommand,
          commands.checkedListCommand,
          commands.divider,
          commands.table,
          commands.link,
          commands.code,
          commands.codeBlock,
          uploadCommand,
        ]}
        textareaProps={{ placeholder: '请输入Markdown内容', disabled }}
      />
      <Modal open={open} title="图片上传" onCancel={() => setOpen(false)} onOk={insert} destroyOnHidden>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'local',
              label: '本地图片上传',
              children: <JUpload fileType="image" number={1} value={path} onChange={(v) => setPath(typeof v === 'string' ? v : '')} />,
            },
            {
              key: 'url',
              label: '网络图片地址',
              children: (
                <Input aria-label="图片地址" placeholder="请输入图片地址" value={address} onChange={(e) => setAddress(e.target.value)} />
              ),
            },
          ]}
        />
        <Input aria-label="备注" placeholder="备注" value={note} onChange={(e) => setNote(e.target.value)} style={{ marginTop: 8 }} />
      </Modal>
    </div>
  );
}

export function MarkdownPretty({ value }: { value?: string }) {
  return <MDEditor.Markdown source={value ?? ''} />;
}
