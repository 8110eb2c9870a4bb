import { widgetParts } from '../shared/fieldParts';
import { DictPretty, JDictSelectTag } from './JDictSelectTag';
import { JMultiSelectTag, MultiDictPretty } from './JMultiSelectTag';
import { JSearchSelectTag, SearchSelectPretty } from './JSearchSelectTag';
import { JCategorySelect } from './JCategorySelect';
import { JTreeSelect } from './JTreeSelect';
import { JLinkedSelect } from './JLinkedSelect';
import { CategoryPretty, TreeSelectPretty } from './TreePretty';

export const JDictSelectTagParts = widgetParts(JDictSelectTag, DictPretty);
export const JMultiSelectTagParts = widgetParts(JMultiSelectTag, MultiDictPretty);
export const JSearchSelectTagParts = widgetParts(JSearchSelectTag, SearchSelectPretty);
export const JCategorySelectParts = widgetParts(JCategorySelect, CategoryPretty);
export const JTreeSelectParts = widgetParts(JTreeSelect, TreeSelectPretty);
export const JLinkedSelectParts = widgetParts(JLinkedSelect, TreeSelectPretty);
