import { useEffect, useRef, useState } from 'react';
import { Button, Select } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { codeEditorSetup } from './code-setup';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, placeholder as placeholderExt } from '@codemirror/view';
import { CODE_LANGUAGES, languageLabel } from './code-languages';

export const CODE_EDITOR_HEIGHT = 240;

export interface JCodeEditorProps {
  value?: string;
  onChange?: (code: string) => void;
  language?: string;
  /** Show the language select. */
  languageChange?: boolean;
  fullScreen?: boolean;
  height?: number;
  disabled?: boolean;
  placeholder?: string;
}

/** CodeMirror 6 editor: 12 language modes, default height 240 px, optional fullscreen. */
export function JCodeEditor({
  value = '',
  onChange,
  language = 'javascript',
  languageChange = false,
  fullScreen = true,
  height = CODE_EDITOR_HEIGHT,
  disabled,
  placeholder,
}: JCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const readOnlySlot = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [lang, setLang] = useState(language);
  const [full, setFull] = useState(false);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          codeEditorSetup,
          EditorState.tabSize.of(2),
          placeholderExt(placeholder ?? `请在此输入${languageLabel(lang)}代码`),
          languageSlot.current.of([]),
          readOnlySlot.current.of(EditorState.readOnly.of(!!disabled)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
          }),
          EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editor is built once; value and lang reach it through the effects below
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    const entry = CODE_LANGUAGES.find((l) => l.value === lang.toLowerCase());
    if (!entry) return;
    let alive = true;
    entry.load().then((ext) => {
      if (alive) view.current?.dispatch({ effects: languageSlot.current.reconfigure(ext) });
    });
    return () => {
      alive = false;
    };
  }, [lang]);

  useEffect(() => {
    view.current?.dispatch({ effects: readOnlySlot.current.reconfigure(EditorState.readOnly.of(!!disabled)) });
  }, [disabled]);

  const frame = full
    ? { position: 'fixed' as const, inset: 0, zIndex: 999, background: '#fff' }
    : { position: 'relative' as const, height, border: '1px solid #d9d9d9' };
  return (
    <div className="j-code-editor" style={frame}>
      <div style={{ position: 'absolute', right: 4, top: 4, zIndex: 10, display: 'flex', gap: 4 }}>
        {languageChange && (
          <Select
            aria-label="语言"
            size="small"
            value={lang}
            onChange={setLang}
            style={{ width: 130 }}
            options={CODE_LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
          />
        )}
        {fullScreen && (
          <Button
            size="small"
            aria-label={full ? '退出全屏' : '全屏'}
            icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFull(!full)}
          />
        )}
      </div>
      <div ref={host} style={{ height: '100%' }} />
    </div>
  );
}
