import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMessage, adminEditProspect, adminListProspects } from '@parlour/contract/calls/prospect';
import { buildTestApp, businessDay, type TestApp } from './helper';
import { messageFields, uniqueIp } from './notice-helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('prospects: happy paths', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown> = {}) => expectOk(t.call(adminListProspects, body, adminToken));

  let phoneCase = 0;
  it.each([
    [{ contact: '+44 7911 123456' }, '+447911123456'],
    [{ contact: '+44 (0)7911-123456' }, '+447911123456'],
    [{ contact: '0044 7911 123456' }, '+447911123456'],
    [{ contact: '07911 123456', country: 'GB' }, '+447911123456'],
    [{ contact: '07911 123456', country: 'gb' }, '+447911123456'],
    [{ contact: '138 0013 8000' }, '+8613800138000'],
    [{ contact: '138-0013-8000', country: 'CN' }, '+8613800138000'],
    [{ contact: '+86 138 0013 8000', country: 'US' }, '+8613800138000'],
    [{ contact: '(415) 555-2671', country: 'US' }, '+14155552671'],
  ])('[PROSPECTS]: takes the phone %j as people write it and stores %s', async (override, stored) => {
    const content = `phone case ${(phoneCase += 1)} ${stored}`;
    await expectOk(t.call(addMessage, messageFields({ ...override, content }), undefined, { ip: uniqueIp() }));
    const found = await list({ keyword: `${content}` });
    expect(found.list.map((row) => row.contact)).toEqual([stored]);
  });

  it('[PROSPECTS]: rows stored before numbers were normalised are listed as they were', async () => {
    await t.database.executeSql(
      `insert into prospects (name, contact, content, ip, status, remark, created_at, updated_at)
        values ('Old lead', '138 0013 8000', 'left before normalisation', '203.0.113.9', 'new', '', now(), now())`,
    );
    const found = await list({ keyword: 'left before normalisation' });
    expect(found.list.map((row) => [row.name, row.contact])).toEqual([['Old lead', '138 0013 8000']]);
    // Following it up keeps its number as it was.
    const followed = await expectOk(t.call(adminEditProspect, { id: found.list[0].id, remark: 'called' }, adminToken));
    expect(followed.contact).toBe('138 0013 8000');
  });

  it('[PROSPECTS]: the public message form stores a lead the operator finds and follows up', async () => {
    const ip = uniqueIp();
    const fields = messageFields({ name: '  Zhang Wei  ', content: 'Interested in the enterprise plan for 3 stores' });
    const answer = await t.call(addMessage, fields, undefined, { ip });
    expect(answer).toMatchObject({ code: 200, data: null });

    const found = await list({ keyword: 'enterprise plan for 3' });
    expect(found.total).toBe(1);
    const lead = found.list[0];
    // Stored normalised (E.164); a local number is read in China when no country is chosen.
    expect(lead).toMatchObject({
      name: 'Zhang Wei',
      contact: `+86${fields.contact}`,
      content: fields.content,
      ip,
      status: 'new',
      remark: '',
      followed_up_at: null,
    });
    expect(lead.created_at).toBe(t.clock.now().toISOString());
    expect((await list({ keyword: fields.contact })).list.map((row) => row.id)).toEqual([lead.id]);
    expect((await list({ keyword: 'zhang wei' })).list.map((row) => row.id)).toEqual([lead.id]);
    const newBefore = found.new_count;

    t.clock.advance(600);
    const followed = await expectOk(
      t.call(adminEditProspect, { id: lead.id, status: 'followed_up', remark: 'Called, sending a quote' }, adminToken),
    );
    expect(followed).toMatchObject({
      id: lead.id,
      status: 'followed_up',
      remark: 'Called, sending a quote',
      followed_up_at: t.clock.now().toISOString(),
    });
    const after = await list({ keyword: 'enterprise plan for 3', status: 'followed_up' });
    expect(after.list.map((row) => row.id)).toEqual([lead.id]);
    expect(after.new_count).toBe(newBefore - 1);
    expect((await list({ keyword: 'enterprise plan for 3', status: 'new' })).total).toBe(0);

    // Status defaults to followed up; setting it back to new clears the follow-up time.
    const reopened = await expectOk(
      t.call(adminEditProspect, { id: lead.id, status: 'new', remark: 'No answer' }, adminToken),
    );
    expect(reopened).toMatchObject({ status: 'new', remark: 'No answer', followed_up_at: null });
    expect((await expectOk(t.call(adminEditProspect, { id: lead.id }, adminToken))).status).toBe('followed_up');
  });

  it('filters by creation day and lists the newest first', async () => {
    const marker = `daytest-${Date.now()}`;
    await t.call(addMessage, messageFields({ content: `${marker} first` }), undefined, { ip: uniqueIp() });
    const firstDay = businessDay(t.clock.now());
    t.clock.advance(2 * 86_400);
    await t.call(addMessage, messageFields({ content: `${marker} second` }), undefined, { ip: uniqueIp() });
    const secondDay = businessDay(t.clock.now());

    expect((await list({ keyword: marker })).list.map((row) => row.content)).toEqual([
      `${marker} second`,
      `${marker} first`,
    ]);
    expect(
      (await list({ keyword: marker, start_date: firstDay, end_date: firstDay })).list.map((row) => row.content),
    ).toEqual([`${marker} first`]);
    expect((await list({ keyword: marker, start_date: secondDay })).list.map((row) => row.content)).toEqual([
      `${marker} second`,
    ]);
    expect((await list({ keyword: marker, end_date: firstDay })).total).toBe(1);
    const paged = await list({ keyword: marker, page: 2, limit: 1 });
    expect([paged.total, paged.list[0].content]).toEqual([2, `${marker} first`]);
  });

  it('accepts an international number and keeps the content as plain text', async () => {
    const fields = messageFields({ contact: '+447911123456', content: '<b>hello</b> & <script>x</script>' });
    expect((await t.call(addMessage, fields, undefined, { ip: uniqueIp() })).code).toBe(200);
    const [lead] = (await list({ keyword: '+447911123456' })).list;
    // Stored as typed; the console renders it as text, never as HTML.
    expect(lead.content).toBe('<b>hello</b> & <script>x</script>');
  });
});
