// How the REST schema cache reads which table columns a view passes through: the top-level select list of the
// view's stored definition (Postgres's node-tree text, as pg_rewrite.ev_action holds it), nothing nested.
import { describe, expect, it } from 'vitest';
import { viewColumnOrigins } from '../rest/view-columns.js';

const entry = (fields: string) => `{TARGETENTRY :expr {VAR :varno 1 :varattno 1 :varnullingrels (b) :location -1} ${fields}}`;

describe('viewColumnOrigins', () => {
  it('reads each entry\'s position and origin, 0 for a computed column, and leaves junk entries out', () => {
    const tree = `({QUERY :commandType 1 :rtable ({RANGETBLENTRY :eref {ALIAS :aliasname a :colnames ("id" "x\\ y")} :relid 16384}) `
      + `:jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>} :targetList (`
      + `${entry(':resno 1 :resname id :resorigtbl 16384 :resorigcol 1 :resjunk false')} `
      + `{TARGETENTRY :expr {FUNCEXPR :funcid 871 :args ({VAR :varno 1 :varattno 2})} :resno 2 :resname we\\{ird\\ \\(name\\) :resorigtbl 0 :resorigcol 0 :resjunk false} `
      + `${entry(':resno 3 :resname b :resorigtbl 16384 :resorigcol 3 :resjunk false')} `
      + `${entry(':resno 4 :resname sort :resorigtbl 16384 :resorigcol 2 :resjunk true')}`
      + `) :sortClause <> :constvalue 4 [ 0 0 0 0 ]})`;
    expect(viewColumnOrigins(tree)).toEqual([
      { position: 1, relation: '16384', column: 1 },
      { position: 2, relation: '0', column: 0 },
      { position: 3, relation: '16384', column: 3 },
    ]);
  });

  it('skips the select lists of subqueries and reads only the outer one', () => {
    const inner = `{QUERY :commandType 1 :targetList (${entry(':resno 1 :resname i :resorigtbl 111 :resorigcol 9 :resjunk false')})}`;
    const tree = `({QUERY :commandType 1 :rtable ({RANGETBLENTRY :rtekind 1 :subquery ${inner}}) `
      + `:targetList (${entry(':resno 1 :resname i :resorigtbl 222 :resorigcol 1 :resjunk false')}) :override 0})`;
    expect(viewColumnOrigins(tree)).toEqual([{ position: 1, relation: '222', column: 1 }]);
  });

  it('answers no columns for a tree without a select list', () => {
    expect(viewColumnOrigins('({QUERY :commandType 1 :targetList <> :override 0})')).toEqual([]);
    expect(viewColumnOrigins('')).toEqual([]);
  });
});
