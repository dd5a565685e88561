DROP TRIGGER turns_take_the_game_version ON turns;
DROP FUNCTION turns_take_the_game_version();
