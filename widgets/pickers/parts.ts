import { widgetParts, PlainText } from '../shared/fieldParts';
import { DepartPretty, JSelectDepart } from './JSelectDepart';
import { JSelectUserByDep, UserPretty } from './JSelectUserByDep';
import { JSelectMultiUser, JSelectPosition, JSelectRole, MultiUserPretty, PositionPretty, RolePretty } from './biz-widgets';
import { JPopup } from './JPopup';

export const JSelectDepartParts = widgetParts(JSelectDepart, DepartPretty);
export const JSelectUserByDepParts = widgetParts(JSelectUserByDep, UserPretty);
export const JSelectMultiUserParts = widgetParts(JSelectMultiUser, MultiUserPretty);
export const JSelectRoleParts = widgetParts(JSelectRole, RolePretty);
export const JSelectPositionParts = widgetParts(JSelectPosition, PositionPretty);
export const JPopupParts = widgetParts(JPopup, PlainText);
