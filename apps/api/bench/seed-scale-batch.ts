import { type SQL, sql } from 'drizzle-orm'

/**
 * The set-based statements that add one batch of generated decks (see seed-scale.ts for the
 * shape of the data). Each runs over the working decks with ids above `before`, so a batch is
 * a handful of INSERT … SELECT statements, whatever its size.
 */

const WORDS = `ember ash flame cinder blaze storm frost mist shadow light dawn dusk night
star moon sun river stone iron gold silver crystal thorn root bloom wild grove beast hound
wolf bear raven owl serpent dragon giant knight squire monk priest witch sage hunter archer
guardian warden queen king duke duchess baron lord lady rose blood bone spirit ghost soul
heart mind will chaos order fate time dream echo song chant drum march siege ward shield
blade spear hammer arrow bow trap snare feint gambit rush surge tide wave current flood
rain hail gale wind sky cloud thunder spark bolt glass mirror veil mask illusion charm
ceremony ritual rite oath pact bond kin clan tribe host army legion horde swarm pack
control aggro tempo combo midrange burn mill ramp value toolbox budget casual competitive
tournament league classic modern rework remix test draft experiment idea plan`.split(/\s+/)

/** Words the benchmark can look titles up by. */
export const TITLE_WORDS: readonly string[] = WORDS

/** The range of generated players and the share of decks of each kind. */
export type BatchShape = {
  /** Batches cover the 1000 days in turn, oldest first, so ids grow with creation as on a site. */
  batch: number
  batches: number
  firstPlayer: number
  players: number
  legacyShare: number
  redRainsShare: number
}

export type Step = (name: string, statement: SQL) => Promise<void>

const words = sql`${`{${WORDS.join(',')}}`}::text[]`
const word = sql`w[1 + floor(random() * ${WORDS.length})::int]`

/** The Phoenixborn, and the cards a deck may hold, of each edition, in one row per edition. */
const POOLS = sql`
  pools as materialized (
    select e.legacy,
      (select array_agg(id order by id) from card
        where card_type = 'Phoenixborn' and is_legacy = e.legacy) as phoenixborn,
      (select array_agg(id order by md5(stub)) from card c
        where c.is_legacy = e.legacy and c.phoenixborn is null
          and c.card_type not in ('Phoenixborn', 'Conjuration', 'Conjured Alteration Spell'))
        as cards
    from (values (false), (true)) e(legacy)
  )`

export async function seedBatch(step: Step, before: number, size: number, shape: BatchShape) {
  // Working decks: the author from a power law, titles of two or three words, a few untitled.
  await step(
    'working decks',
    sql`
    with ${POOLS}
    insert into deck (title, description, user_id, phoenixborn_id, is_legacy, is_red_rains,
                      created, modified)
    select
      case when random() < 0.05 then null
           else initcap(${word} || ' ' || ${word}
                || case when random() < 0.4 then ' ' || ${word} else '' end)
      end,
      case when random() < 0.3 then 'A deck for ' || ${word} || ' players.' end,
      ${shape.firstPlayer} + floor(power(random(), 2) * ${shape.players})::int,
      p.phoenixborn[1 + floor(random() * array_length(p.phoenixborn, 1))::int],
      t.legacy, not t.legacy and random() < ${shape.redRainsShare},
      t.born, t.born
    from (select now() - interval '1000 days'
                   + (${shape.batch} + random()) / ${shape.batches} * interval '1000 days' as born,
                 random() < ${shape.legacyShare} as legacy
          from generate_series(1, ${size})) t
      join pools p on p.legacy = t.legacy,
      (select ${words} as w) vocabulary
    order by t.born`,
  )

  // About 11 distinct cards from a pool where early (popular) cards come up far more often.
  await step(
    'cards',
    sql`
    with ${POOLS}
    insert into deck_card (deck_id, card_id, count)
    select d.id, p.cards[1 + floor(power(random(), 1.8) * array_length(p.cards, 1))::int],
           case when random() < 0.75 then 3 when random() < 0.6 then 2 else 1 end
    from deck d join pools p on p.legacy = d.is_legacy, generate_series(1, 11) k
    where d.id > ${before}
    on conflict do nothing`,
  )
  await step(
    'unique cards',
    sql`
    with uniques as (
      select p.id as phoenixborn_id, array_agg(c.id) as ids
      from card p join card c on c.phoenixborn = p.name and c.is_legacy = p.is_legacy
        and c.card_type not in ('Conjuration', 'Conjured Alteration Spell')
      where p.card_type = 'Phoenixborn'
      group by p.id
    )
    insert into deck_card (deck_id, card_id, count)
    select d.id, u.ids[1 + floor(random() * array_length(u.ids, 1))::int], 1 + floor(random() * 3)::int
    from deck d join uniques u on u.phoenixborn_id = d.phoenixborn_id
    where d.id > ${before} and random() < 0.7
    on conflict do nothing`,
  )

  // What each Reborn deck needs of each release (services/collection/box-needs.ts), set-based:
  // boxes per release from the copies per box the import derived, conjurations one link deep,
  // as one bit per release (its rank by id) at each level of one, two and three boxes.
  await step(
    'box needs',
    sql`
    with batch as (select id, phoenixborn_id from deck where id > ${before} and not is_legacy),
    bits as (select id, least(row_number() over (order by id) - 1, 62)::int as bit
             from release where not is_legacy),
    needs (deck_id, release_id, boxes) as (
      select b.id, c.release_id, ceil(dc.count::numeric / greatest(coalesce(c.box_copies, 3), 1))
      from batch b join deck_card dc on dc.deck_id = b.id join card c on c.id = dc.card_id
      union all
      select b.id, p.release_id, 1 from batch b join card p on p.id = b.phoenixborn_id
      union all
      select b.id, j.release_id,
             ceil(coalesce(j.copies, 1)::numeric / greatest(coalesce(j.box_copies, 3), 1))
      from batch b join deck_card dc on dc.deck_id = b.id
        join card_conjuration cc on cc.card_id = dc.card_id join card j on j.id = cc.conjuration_id
    ),
    per as (
      select n.deck_id, bits.bit, max(n.boxes)::int as boxes
      from needs n join bits on bits.id = n.release_id group by 1, 2
    ),
    masks as (
      select deck_id,
             bit_or(case when boxes >= 1 then 1::bigint << bit else 0 end) as need1,
             bit_or(case when boxes >= 2 then 1::bigint << bit else 0 end) as need2,
             bit_or(case when boxes >= 3 then 1::bigint << bit else 0 end) as need3
      from per group by deck_id
    )
    update deck d set box_need1 = m.need1, box_need2 = m.need2, box_need3 = m.need3
    from masks m where d.id = m.deck_id`,
  )

  // Two dice types adding up to 10 (the seven classic types).
  await step(
    'dice',
    sql`
    with picked as (
      select id, a, (a + 1 + b) % 7 as second, 4 + floor(random() * 3)::int as first_count
      from (select id, floor(random() * 7)::int as a, floor(random() * 6)::int as b
            from deck where id > ${before}) raw
    )
    insert into deck_die (deck_id, die_flag, count, position)
    select id, (array[1, 2, 4, 8, 16, 32, 64])[1 + a], first_count, 0 from picked
    union all
    select id, (array[1, 2, 4, 8, 16, 32, 64])[1 + second], 10 - first_count, 1 from picked`,
  )

  // Snapshots: every deck published, a quarter published twice, some private snapshots.
  await step(
    'snapshots',
    sql`
    insert into deck (title, description, is_public, is_snapshot, is_legacy, is_red_rains,
                      created, modified, source_id, user_id, phoenixborn_id,
                      box_need1, box_need2, box_need3)
    select title, description, kind <> 'private', true, is_legacy, is_red_rains, stamp, stamp,
           id, user_id, phoenixborn_id, box_need1, box_need2, box_need3
    from (
      select w.*, 'latest' as kind,
             least(now(), w.created + interval '1 day' + random() * interval '30 days') as stamp
      from deck w where w.id > ${before}
      union all
      select w.*, 'older', least(now(), w.created + random() * interval '1 day')
      from deck w where w.id > ${before} and random() < 0.25
      union all
      select w.*, 'private', least(now(), w.created + random() * interval '1 day')
      from deck w where w.id > ${before} and random() < 0.15
    ) s
    order by stamp`,
  )
  await step(
    'snapshot cards',
    sql`
    insert into deck_card (deck_id, card_id, count)
    select s.id, dc.card_id, dc.count
    from deck s join deck_card dc on dc.deck_id = s.source_id
    where s.id > ${before} and s.is_snapshot`,
  )
  await step(
    'snapshot dice',
    sql`
    insert into deck_die (deck_id, die_flag, count, position)
    select s.id, dd.die_flag, dd.count, dd.position
    from deck s join deck_die dd on dd.deck_id = s.source_id
    where s.id > ${before} and s.is_snapshot`,
  )

  // The stream row of each published deck points at its newest publication.
  await step(
    'stream',
    sql`
    insert into stream (entity_id, entity_type, source_entity_id, posted, is_legacy)
    select distinct on (s.source_id) s.entity_id, 'deck', w.entity_id, s.created, s.is_legacy
    from deck s join deck w on w.id = s.source_id
    where s.id > ${before} and s.is_snapshot and s.is_public
    order by s.source_id, s.created desc, s.id desc`,
  )

  // A short comment thread on about one deck in twenty.
  await step(
    'comments',
    sql`
    insert into comment (user_id, source_entity_id, source_type, text, ordering_increment,
                         created, modified)
    select ${shape.firstPlayer} + floor(random() * ${shape.players})::int, w.entity_id, 'deck',
           'Nice list! Have you tried more ' || ${WORDS[0]} || ' cards?', n,
           w.created + n * interval '1 hour', w.created + n * interval '1 hour'
    from (select * from deck where id > ${before} and not is_snapshot and not is_legacy
            and random() < 0.05) w,
      lateral generate_series(1, 1 + floor(random() * 4)::int) n`,
  )
}
