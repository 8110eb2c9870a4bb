import { widgetParts, PlainText } from '../shared/fieldParts';
import { JCron } from './JCron';
import { JEasyCron } from './JEasyCron';

export const JCronParts = widgetParts(JCron, PlainText);
export const JEasyCronParts = widgetParts(JEasyCron, PlainText);
