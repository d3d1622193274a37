// Facts about the deployment itself, kept in its database (decision 051): one value per name, written once.
import type { Db } from '../../db/database';
import type { InstanceSettingName } from '../../db/schema';

export class InstanceSettingsRepository {
  constructor(private readonly db: Db) {}

  async get(name: InstanceSettingName): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('instance_settings')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.value;
  }

  /** Records `value` unless a value is recorded already (by another process too); answers the one that holds. */
  async setOnce(name: InstanceSettingName, value: string, at: string): Promise<string> {
    await this.db
      .insertInto('instance_settings')
      .values({ name, value, created_at: at })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const recorded = await this.get(name);
    if (recorded === undefined) throw new Error(`instance setting ${name} vanished as it was written`);
    return recorded;
  }
}
