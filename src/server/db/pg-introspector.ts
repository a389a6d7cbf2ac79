import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  comment: string | null;
  auto_incrementing: boolean;
}

/**
 * Kysely's PostgreSQL introspector reads the tables of every schema of the database, and for each
 * column looks its serial sequence and comment up by name. Its migrator asks it at each start: when
 * another schema of the database is dropped meanwhile (another shop's, another test file's), those
 * look-ups fail with that schema's names ('column "closed_at" of relation "customers" does not exist',
 * 'relation "t_x.audit_log" does not exist'), and the start fails on a schema it has nothing to do with.
 * This one answers the same metadata for the connection's own schema only (`current_schema()`, the first
 * of its search_path), which is all a shop reads; the list of schema names stays whole.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: the catalogue, outside our schema's types
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const hidden = options.withInternalKyselyTables ? [] : [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
    const { rows } = await sql<ColumnRow>`select a.attname as column, a.attnotnull as not_null,
        a.atthasdef as has_default, c.relname as table, c.relkind as table_type, ns.nspname as schema,
        typ.typname as type, dtns.nspname as type_schema, col_description(a.attrelid, a.attnum) as comment,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0
        and not a.attisdropped and c.relname <> all(${hidden})
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === "v", columns: [] };
        tables.set(row.table, table);
      }
      (table.columns as TableMetadata["columns"][number][]).push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL with the introspector above. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
