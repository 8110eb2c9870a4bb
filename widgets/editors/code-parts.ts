import { widgetParts, PlainText } from '../shared/fieldParts';
import { JCodeEditor } from './JCodeEditor';

export const JCodeEditorParts = widgetParts(JCodeEditor, PlainText);
