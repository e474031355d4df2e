/**
 * CloudWatch Logs' JSON filter patterns (`{ … }`), as the user guide defines them ("Filter and
 * pattern syntax", JSON log events): a log event matches only if its whole message is a JSON
 * object; selectors `$.a.b[0]` must reach a value node (a string, number, boolean or null; an object
 * or array never matches, not even with `!=`); `=`/`!=` with a string compare text, `*` matching any
 * run of characters; `=`, `!=`, `<`, `<=`, `>`, `>=` with a number compare numbers; `IS NULL`,
 * `IS TRUE`, `IS FALSE`, `NOT EXISTS`; `&&` before `||`, parentheses. No npm library implements
 * them, so the alarm tests carry this one (decision 111); the guide's own examples are its tests.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Token = { kind: 'op' | 'word' | 'string' | 'paren'; text: string };

function tokenize(body: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(&&|\|\||!=|<=|>=|=|<|>)|([()])|"((?:[^"\\]|\\.)*)"|([^\s()&|!=<>"]+))/y;
  const text = body.trim();
  while (pattern.lastIndex < text.length) {
    const at = pattern.lastIndex;
    const match = pattern.exec(text);
    if (!match) throw new Error(`filter pattern not understood at: ${text.slice(at)}`);
    if (match[1]) tokens.push({ kind: 'op', text: match[1] });
    else if (match[2]) tokens.push({ kind: 'paren', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'string', text: match[3].replace(/\\(.)/g, '$1') });
    else if (match[4]) tokens.push({ kind: 'word', text: match[4] });
  }
  return tokens;
}

const MISSING = Symbol('missing');

/** The value a selector such as `$.errors[0].code` reaches, or MISSING. */
function select(event: Json, selector: string): Json | typeof MISSING {
  if (!selector.startsWith('$')) throw new Error(`a selector starts with $: ${selector}`);
  let value: Json | typeof MISSING = event;
  for (const [, key, index] of selector.slice(1).matchAll(/\.([\w-]+)|\[(\d+)\]/g)) {
    if (value === MISSING || value === null || typeof value !== 'object') return MISSING;
    if (key !== undefined) value = Array.isArray(value) ? MISSING : key in value ? value[key]! : MISSING;
    else value = Array.isArray(value) ? (value[Number(index)] ?? MISSING) : MISSING;
  }
  return value;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const wildcard = (text: string) => new RegExp(`^${text.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');

function compare(value: Json | typeof MISSING, op: string, operand: Token): boolean {
  // A selector that reaches an object or array, or nothing, never matches (the guide's "JSON special considerations").
  if (value === MISSING || (value !== null && typeof value === 'object')) return false;
  if (operand.kind === 'word' && NUMBER.test(operand.text)) {
    if (typeof value !== 'number') return false;
    const n = Number(operand.text);
    return { '=': value === n, '!=': value !== n, '<': value < n, '<=': value <= n, '>': value > n, '>=': value >= n }[op] ?? false;
  }
  if (op !== '=' && op !== '!=') throw new Error(`${op} compares numbers only`);
  if (typeof value !== 'string') return false;
  const equal = wildcard(operand.text).test(value);
  return op === '=' ? equal : !equal;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[], private readonly event: Json) {}

  parse(): boolean {
    const result = this.or();
    if (this.at !== this.tokens.length) throw new Error(`unexpected ${this.tokens[this.at]!.text}`);
    return result;
  }

  private next(): Token {
    const token = this.tokens[this.at++];
    if (!token) throw new Error('the filter pattern ends too soon');
    return token;
  }

  private peek(text: string): boolean {
    return this.tokens[this.at]?.text === text;
  }

  private or(): boolean {
    let result = this.and();
    while (this.peek('||')) {
      this.at += 1;
      result = this.and() || result;
    }
    return result;
  }

  private and(): boolean {
    let result = this.condition();
    while (this.peek('&&')) {
      this.at += 1;
      result = this.condition() && result;
    }
    return result;
  }

  private condition(): boolean {
    if (this.peek('(')) {
      this.at += 1;
      const result = this.or();
      if (this.next().text !== ')') throw new Error('a ( without its )');
      return result;
    }
    const selector = this.next();
    if (selector.kind !== 'word') throw new Error(`a selector expected, got ${selector.text}`);
    const value = select(this.event, selector.text);
    const op = this.next();
    if (op.kind === 'word') {
      const words = `${op.text} ${this.next().text}`.toUpperCase();
      if (words === 'IS NULL') return value === null;
      if (words === 'IS TRUE') return value === true;
      if (words === 'IS FALSE') return value === false;
      if (words === 'NOT EXISTS') return value === MISSING;
      throw new Error(`unknown test ${words}`);
    }
    return compare(value, op.text, this.next());
  }
}

/** Whether CloudWatch's JSON filter pattern matches one log event's message. */
export function matchesFilterPattern(pattern: string, message: string): boolean {
  const body = /^\s*\{([\s\S]*)\}\s*$/.exec(pattern)?.[1];
  if (body === undefined) throw new Error(`not a JSON filter pattern: ${pattern}`);
  const tokens = tokenize(body);
  let event: Json;
  try {
    event = JSON.parse(message) as Json;
  } catch {
    return false;
  }
  if (event === null || typeof event !== 'object' || Array.isArray(event)) return false;
  return new Parser(tokens, event).parse();
}
