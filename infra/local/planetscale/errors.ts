/**
 * MySQL errors as PlanetScale reports them: vttablet's message with `(errno N) (sqlstate S)` in it, and a
 * Vitess RPC code. @planetscale/database throws `DatabaseError(message, 400, { code, message })` from it,
 * so code that recognises a duplicate key or a deadlock must read the errno from the message.
 */
const RPC_CODES: Record<number, [string, string]> = {
  1062: ['ALREADY_EXISTS', 'AlreadyExists'],
  1213: ['ABORTED', 'Aborted'],
  1205: ['DEADLINE_EXCEEDED', 'DeadlineExceeded'],
  1064: ['INVALID_ARGUMENT', 'InvalidArgument'],
  1146: ['NOT_FOUND', 'NotFound'],
};

export interface VitessError {
  code: string;
  message: string;
}

export function toVitessError(error: unknown, context: { database: string; user: string; sql: string }): VitessError {
  const e = error as { errno?: number; sqlState?: string; sqlMessage?: string; message?: string };
  if (typeof e.errno !== 'number') return { code: 'UNKNOWN', message: `vttablet: ${e.message ?? String(error)}` };
  const [code, desc] = RPC_CODES[e.errno] ?? ['UNKNOWN', 'Unknown'];
  const sql = context.sql.length > 500 ? `${context.sql.slice(0, 500)} [TRUNCATED]` : context.sql;
  return {
    code,
    message:
      `target: ${context.database}.-.primary: vttablet: rpc error: code = ${desc} desc = ${e.sqlMessage ?? e.message} ` +
      `(errno ${e.errno}) (sqlstate ${e.sqlState ?? 'HY000'}) (CallerID: ${context.user}): Sql: ${JSON.stringify(sql)}, BindVars: {}`,
  };
}

/** An error the API itself raises (no MySQL errno), e.g. a transaction that outlived its time limit. */
export function vitessError(code: string, message: string): VitessError {
  return { code, message };
}
