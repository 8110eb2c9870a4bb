import { widgetParts, PlainText } from '../shared/fieldParts';
import { JEllipsis } from '../shared/JEllipsis';
import { JInput, JInputPretty } from './JInput';
import { JSwitch, JSwitchPretty } from './JSwitch';
import { JSlider, JSliderPretty } from './JSlider';
import { JInputPop, JTextareaPop } from './JInputPop';

export const JInputParts = widgetParts(JInput, JInputPretty);
export const JSwitchParts = widgetParts(JSwitch, JSwitchPretty);
export const JSliderParts = widgetParts(JSlider, JSliderPretty);
export const JEllipsisParts = widgetParts(JEllipsis, JEllipsis);
export const JInputPopParts = widgetParts(JInputPop, PlainText);
export const JTextareaPopParts = widgetParts(JTextareaPop, PlainText);
