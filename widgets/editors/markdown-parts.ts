import { widgetParts } from '../shared/fieldParts';
import { JMarkdownEditor, MarkdownPretty } from './JMarkdownEditor';

export const JMarkdownEditorParts = widgetParts(JMarkdownEditor, MarkdownPretty);
