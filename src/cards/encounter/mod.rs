//! Encounter cards (quests, enemies, locations, treacheries, objectives), one module per
//! encounter set; a scenario's Nightmare set sits beside its standard set
//! (`weather_hills.rs` + `weather_hills_nightmare.rs`).

pub mod across_the_ettenmoors;
pub mod across_the_ettenmoors_nightmare;
pub mod amarthiul;
pub mod carn_dum;
pub mod carn_dum_nightmare;
pub mod city_of_rhun;
pub mod cursed_dead;
pub mod dark_sorcery;
pub mod deadmens_dike;
pub mod deadmens_dike_nightmare;
pub mod dread_realm;
pub mod dread_realm_nightmare;
pub mod easterling_raiders;
pub mod foul_weather;
pub mod intruders;
pub mod intruders_nightmare;
pub mod mount_gram;
pub mod mount_gram_nightmare;
pub mod ruins_of_arnor;
pub mod treachery_of_rhudaur;
pub mod treachery_of_rhudaur_nightmare;
pub mod wastes_of_eriador;
pub mod wastes_of_eriador_nightmare;
pub mod weather_hills;
pub mod weather_hills_nightmare;
pub mod wrath_and_ruin;
