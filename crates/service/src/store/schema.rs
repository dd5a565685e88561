//! The tables, in the SQL types PostgreSQL and SQLite share (text ids, timestamps without zone).

diesel::table! {
    accounts (id) {
        id -> Text,
        name -> Text,
        api_key_hash -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    api_keys (id) {
        id -> Text,
        account_id -> Text,
        name -> Text,
        key_hash -> Text,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    pairings (code_hash) {
        code_hash -> Text,
        account_id -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    games (id) {
        id -> Text,
        account_id -> Text,
        mode -> Text,
        edition -> Text,
        dice_layout -> Text,
        status -> Text,
        version -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        game -> Text,
        card_rules -> Nullable<Text>,
        name -> Nullable<Text>,
        first_dealer -> Nullable<Integer>,
        rematch_of -> Nullable<Text>,
        made_from -> Nullable<Text>,
    }
}

diesel::table! {
    players (id) {
        id -> Text,
        game_id -> Text,
        seat -> Integer,
        name -> Text,
        order_rolls -> Nullable<Text>,
        person_id -> Nullable<Text>,
    }
}

diesel::table! {
    people (id) {
        id -> Text,
        account_id -> Text,
        name -> Text,
        name_key -> Text,
        created_at -> Timestamp,
        made_from -> Nullable<Text>,
    }
}

diesel::table! {
    results (player_id) {
        player_id -> Text,
        game_id -> Text,
        person_id -> Text,
        game -> Text,
        total -> BigInt,
        figures -> Text,
    }
}

diesel::table! {
    figures (person_id, game, dice_layout) {
        person_id -> Text,
        game -> Text,
        dice_layout -> Text,
        account_id -> Text,
        games -> BigInt,
        wins -> BigInt,
        total_sum -> BigInt,
        five_phase_bonuses -> BigInt,
        first_finish_bonuses -> BigInt,
        hands -> BigInt,
        went_out -> BigInt,
        attempts_1 -> BigInt,
        attempts_2 -> BigInt,
        attempts_3 -> BigInt,
        attempts_4 -> BigInt,
        attempts_5 -> BigInt,
        attempts_6 -> BigInt,
        attempts_7 -> BigInt,
        attempts_8 -> BigInt,
        attempts_9 -> BigInt,
        attempts_10 -> BigInt,
        made_1 -> BigInt,
        made_2 -> BigInt,
        made_3 -> BigInt,
        made_4 -> BigInt,
        made_5 -> BigInt,
        made_6 -> BigInt,
        made_7 -> BigInt,
        made_8 -> BigInt,
        made_9 -> BigInt,
        made_10 -> BigInt,
    }
}

diesel::table! {
    turns (game_id, number) {
        game_id -> Text,
        number -> Integer,
        player_id -> Text,
        dice -> Text,
        version -> BigInt,
        created_at -> Timestamp,
        state -> Text,
        rolls -> Nullable<Text>,
        edited -> Integer,
    }
}

diesel::table! {
    hands (game_id, number) {
        game_id -> Text,
        number -> Integer,
        went_out -> Text,
        players -> Nullable<Text>,
        version -> BigInt,
        created_at -> Timestamp,
        edited -> Integer,
    }
}

diesel::table! {
    edits (game_id, version) {
        game_id -> Text,
        version -> BigInt,
        entry -> Text,
        number -> Integer,
        account_id -> Text,
        created_at -> Timestamp,
        before -> Text,
        after -> Text,
    }
}

diesel::table! {
    seat_claims (player_id) {
        player_id -> Text,
        game_id -> Text,
        account_id -> Text,
        claimed_at -> Timestamp,
    }
}

diesel::table! {
    invites (code_hash) {
        code_hash -> Text,
        game_id -> Text,
        player_id -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        accepted_by -> Nullable<Text>,
        accepted_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    events (game_id, version) {
        game_id -> Text,
        version -> BigInt,
        kind -> Text,
        data -> Text,
        created_at -> Timestamp,
        status -> Text,
    }
}

diesel::table! {
    idempotency_keys (scope, idempotency_key) {
        scope -> Text,
        idempotency_key -> Text,
        fingerprint -> Text,
        created_at -> Timestamp,
        answer -> Text,
    }
}

diesel::table! {
    share_links (token_hash) {
        token_hash -> Text,
        game_id -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    review_figures (person_id) {
        person_id -> Text,
        decisions -> BigInt,
        accuracy_billionths -> BigInt,
        luck_billionths -> BigInt,
        best -> BigInt,
        good -> BigInt,
        inaccuracy -> BigInt,
        mistake -> BigInt,
        blunder -> BigInt,
    }
}

diesel::joinable!(games -> accounts (account_id));
diesel::joinable!(api_keys -> accounts (account_id));
diesel::joinable!(pairings -> accounts (account_id));
diesel::joinable!(players -> games (game_id));
diesel::joinable!(turns -> games (game_id));
diesel::joinable!(hands -> games (game_id));
diesel::joinable!(seat_claims -> games (game_id));
diesel::joinable!(invites -> games (game_id));
diesel::joinable!(share_links -> games (game_id));
diesel::joinable!(events -> games (game_id));
diesel::joinable!(edits -> games (game_id));
diesel::joinable!(players -> people (person_id));
diesel::joinable!(results -> people (person_id));
diesel::joinable!(figures -> people (person_id));
diesel::joinable!(review_figures -> people (person_id));
diesel::allow_tables_to_appear_in_same_query!(
    accounts,
    api_keys,
    pairings,
    games,
    players,
    turns,
    hands,
    idempotency_keys,
    seat_claims,
    invites,
    share_links,
    events,
    edits,
    people,
    review_figures,
    results,
    figures
);
