import type { FastifyInstance } from 'fastify';
import { failure } from '../../../core/envelope';
import { DESIGN_PERMISSION } from './forms';

export const ENHANCE_REFUSED = '出于安全考虑，不支持在线JS/Java/SQL增强；请用表单按钮绑定服务器端注册的动作';
export const CODEGEN_REFUSED = '不提供在线代码生成：表单设计保存后即可直接使用，无需生成代码';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** Script and code enhancements, and code generation, answer a refusal on every method (never stored, never run). */
export function mountRefusedRoutes(api: FastifyInstance): void {
  const enhance = [
    '/online/cgform/head/enhanceJs/:code',
    '/online/cgform/head/enhanceJava',
    '/online/cgform/head/enhanceJava/:code',
    '/online/cgform/head/enhanceJavaByButtonCode/:code',
    '/online/cgform/head/enhanceSql',
    '/online/cgform/head/enhanceSql/:code',
    '/online/cgform/head/enhanceButton/:code',
    '/online/cgform/head/deleteBatchEnhanceJava',
    '/online/cgform/head/deletebatchEnhanceSql',
    '/online/cgform/api/getEnhanceJs/:code',
  ];
  for (const url of enhance) {
    api.route({ method: [...METHODS], url, config: { permission: DESIGN_PERMISSION }, handler: async () => failure(ENHANCE_REFUSED) });
  }
  for (const url of ['/online/cgform/api/codeGenerate', '/online/cgform/api/downGenerateCode']) {
    api.route({ method: [...METHODS], url, config: { permission: DESIGN_PERMISSION }, handler: async () => failure(CODEGEN_REFUSED) });
  }
}
