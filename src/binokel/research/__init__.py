"""Our games in the researchers' toolkits: OpenSpiel games (:mod:`.openspiel`), PettingZoo
environments (:mod:`.pettingzoo`), the action-id mapping both use (:mod:`.actions`) and the
research side of the deal sampling behind OpenSpiel's ``resample_from_infostate``
(:mod:`.sampler`; the worlds themselves come from each game's sampler, ``spec.worlds``).

This package sits above the engine, the records and the bots (like the arena); the engine
never imports it. OpenSpiel and PettingZoo are the optional extra ``research``
(``pip install binokel[research]``); :mod:`.actions` and :mod:`.sampler` need neither.
"""
