import type { Extension } from '@codemirror/state';

/** The 12 language modes of the code editor, with how to load each. */
export const CODE_LANGUAGES: readonly { value: string; label: string; load: () => Promise<Extension> }[] = [
  { value: 'css', label: 'CSS', load: () => import('@codemirror/lang-css').then((m) => m.css()) },
  { value: 'javascript', label: 'Javascript', load: () => import('@codemirror/lang-javascript').then((m) => m.javascript()) },
  { value: 'html', label: 'XML/HTML', load: () => import('@codemirror/lang-html').then((m) => m.html()) },
  { value: 'java', label: 'Java', load: () => import('@codemirror/lang-java').then((m) => m.java()) },
  {
    value: 'objectivec',
    label: 'Objective-C',
    load: () => legacy(() => import('@codemirror/legacy-modes/mode/clike').then((m) => m.objectiveC)),
  },
  { value: 'python', label: 'Python', load: () => import('@codemirror/lang-python').then((m) => m.python()) },
  { value: 'r', label: 'R', load: () => legacy(() => import('@codemirror/legacy-modes/mode/r').then((m) => m.r)) },
  { value: 'shell', label: 'Shell', load: () => legacy(() => import('@codemirror/legacy-modes/mode/shell').then((m) => m.shell)) },
  { value: 'sql', label: 'SQL', load: () => import('@codemirror/lang-sql').then((m) => m.sql()) },
  { value: 'swift', label: 'Swift', load: () => legacy(() => import('@codemirror/legacy-modes/mode/swift').then((m) => m.swift)) },
  { value: 'vue', label: 'Vue', load: () => import('@codemirror/lang-vue').then((m) => m.vue()) },
  { value: 'markdown', label: 'Markdown', load: () => import('@codemirror/lang-markdown').then((m) => m.markdown()) },
];

async function legacy<T>(mode: () => Promise<T>): Promise<Extension> {
  const [{ StreamLanguage }, parser] = await Promise.all([import('@codemirror/language'), mode()]);
  return StreamLanguage.define(parser as Parameters<typeof StreamLanguage.define>[0]);
}

export function languageLabel(value: string): string {
  return CODE_LANGUAGES.find((lang) => lang.value === value.toLowerCase())?.label ?? value;
}
