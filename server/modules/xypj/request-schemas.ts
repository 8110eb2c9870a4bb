/**
 * Schemas of the evaluation routes' input. Ids and reasons are only typed here: the handlers check them
 * (requireRecord, requiredText) with the business messages the screens show.
 */
import { bodySchema, querySchema } from '../../core/schemas';

const ID = { type: 'string', title: '主键' } as const;
const textOf = (title: string) => ({ type: 'string', title }) as const;

export interface IdBody {
  id?: string;
}

export interface IdReasonBody extends IdBody {
  reason?: string;
}

export const ID_BODY = { body: bodySchema({ id: ID }) };
export const ID_QUERY = { querystring: querySchema({ id: ID }) };
export const ID_PARAMS = { params: querySchema({ id: ID }) };
export const idReasonBody = (reason: string) => ({ body: bodySchema({ id: ID, reason: textOf(reason) }) });
/** a move of a batch: {id, to, closeEarly?, reason?} in the body, ?id=&to= in the query of its preview */
export const BATCH_MOVE_BODY = { body: bodySchema({ id: ID, to: textOf('目标状态'), reason: textOf('提前截止申报的原因') }) };
export const BATCH_MOVE_QUERY = { querystring: querySchema({ id: ID, to: textOf('目标状态') }) };
export const BATCH_ID_BODY = { body: bodySchema({ batchId: textOf('批次') }) };
export const BATCH_ID_QUERY = { querystring: querySchema({ batchId: textOf('批次') }) };
/** a score sheet by its id or by its application; the scores are read by the handler */
export const SCORE_SHEET_BODY = { body: bodySchema({ id: ID, applicationId: textOf('申报') }) };
export const MATERIAL_CHECK_BODY = {
  body: bodySchema({ id: ID, checkState: textOf('审核状态'), checkRemark: textOf('审核意见') }),
};
export const SEAL_BODY = { body: bodySchema({ path: textOf('印章图片') }) };
/** public pages: every value is cut to its length by the handler */
export const RESULT_LIST_QUERY = {
  querystring: querySchema({ batchId: textOf('批次'), keyword: textOf('关键字'), pageNo: textOf('页码'), pageSize: textOf('每页条数') }),
};
export const CERTIFICATE_CHECK_QUERY = {
  querystring: querySchema({ certNo: textOf('证书编号'), company: textOf('企业名称') }),
};
/** registration: each field is checked by parseRegistration, which also reads the contract's names (phone, smscode) */
export const REGISTRATION_BODY = { body: bodySchema() };
export const PUSH_LOGIN_QUERY = { querystring: querySchema({ data: textOf('推送数据'), datakey: textOf('推送签名') }) };
