import { widgetParts } from '../shared/fieldParts';
import { JEditor, RichTextPretty } from './JEditor';

export const JEditorParts = widgetParts(JEditor, RichTextPretty);
