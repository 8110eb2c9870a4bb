import { widgetParts } from '../shared/fieldParts';
import { AreaPretty, JAreaLinkage } from './JAreaLinkage';

export const JAreaLinkageParts = widgetParts(JAreaLinkage, AreaPretty);
