-- A change announced with NOTIFY takes PostgreSQL's one global notify lock as its transaction
-- commits and holds it until the commit is on disk, so every write that announces commits one
-- after the other, on a busy machine behind whichever holder the scheduler paused. The API's own
-- connections (which set spellboard.announce to 'writer') are told instead, by a client notice
-- that costs no lock: the API applies each change once the transaction has ended, and sends
-- what its writes changed to the other processes in batches (services/change-notices.ts). Any
-- other writer (the command line, an import, psql) still announces with NOTIFY.
CREATE FUNCTION spellboard_announce(payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('spellboard.announce', true) = 'writer' THEN
    RAISE NOTICE USING MESSAGE = payload, ERRCODE = 'SBCHG';
  ELSE
    PERFORM pg_notify('spellboard_changes', payload);
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION spellboard_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM spellboard_announce(TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION spellboard_announce_deck_details(shared boolean, players text, cards text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF shared OR length(players) > 2000 OR length(cards) > 2000 THEN
    PERFORM spellboard_announce('decks');
    RETURN;
  END IF;
  IF players IS NOT NULL THEN PERFORM spellboard_announce('saved:' || players); END IF;
  IF cards IS NOT NULL THEN PERFORM spellboard_announce('usage:' || cards); END IF;
END
$$;
