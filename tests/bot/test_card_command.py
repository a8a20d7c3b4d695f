"""/kot card through SimCord: forgiving names, and answers in the asker's language (a
Spanish client's locale sent by the ``client_locales`` fixture, tests/bot/conftest.py)."""

from __future__ import annotations

from bot_harness import Table


async def test_a_unique_beginning_and_a_misspelling(table: Table) -> None:
    alice = table.players[0]
    acid = await alice.slash(table.channel, "kot card", name="acid")
    assert acid.response is not None and acid.response.embeds[0].title == "Acid Attack"
    assert acid.response.attachments[0].description == (
        "Power card Acid Attack: 6⚡, Keep. Every turn, one extra Smash is added to your final "
        "dice.")
    misspelt = await alice.slash(table.channel, "kot card", name="mimc")
    assert misspelt.response is not None and not misspelt.response.embeds
    assert misspelt.response.content == (
        "No power card is called 'mimc'. Did you mean **Mimic**?")
    several = await alice.slash(table.channel, "kot card", name="jet")
    assert several.response is not None
    assert several.response.content.startswith("Several power cards start with 'jet': ")
    assert "**Jets**" in several.response.content
    assert "**Jet Fighters**" in several.response.content


async def test_a_spanish_asker_gets_the_card_in_spanish(
        table: Table, client_locales: dict[int, str]) -> None:
    alice = table.players[0]
    client_locales[alice.id] = "es-ES"
    card = await alice.slash(table.channel, "kot card", name="Tentáculos")
    assert card.ephemeral and card.response is not None
    embed = card.response.embeds[0]
    assert embed.title == "Tentáculos parasitarios"
    assert embed.description == (
        "Puedes comprar cartas de poder de otros monstruos, pagándole el coste a su dueño.")
    fields = {field.name: field.value for field in embed.fields}
    assert fields["Tipo"] == "Permanente" and fields["Coste"] == "4⚡"
    picture = card.response.attachments[0]
    assert picture.filename == "parasitic_tentacles.png"
    assert picture.description == (
        "Carta de poder Tentáculos parasitarios: 4⚡, Permanente. Puedes comprar cartas de "
        "poder de otros monstruos, pagándole el coste a su dueño.")
    # A 2011 card that works differently: its name and text in the 2011 edition.
    spiked = await alice.slash(table.channel, "kot card", name="cola con")
    assert spiked.response is not None
    fields = {field.name: field.value for field in spiked.response.embeds[0].fields}
    assert fields["Edición de 2011"] == "Cuando ataques, inflige 1 de daño más."

    misspelt = await alice.slash(table.channel, "kot card", name="imitdor")
    assert misspelt.response is not None
    # The closest name first ("Diezmador" is close too).
    assert misspelt.response.content.startswith(
        "Ninguna carta de poder se llama «imitdor». ¿Quizás buscabas **Imitador**")
    nothing = await alice.slash(table.channel, "kot card", name="tetera")
    assert nothing.response is not None and nothing.response.content.startswith(
        "Ninguna carta de poder se llama «tetera»: empieza a escribir")

    choices = await alice.autocomplete(table.channel, "kot card", "name", "mimic")
    assert choices == [{"name": "Imitador", "value": "mimic"}]


async def test_an_evolution_is_found_by_its_name_in_either_language(
        table: Table, client_locales: dict[int, str]) -> None:
    alice = table.players[0]
    banana = await alice.slash(table.channel, "kot card", name="giant ban")
    assert banana.response is not None
    embed = banana.response.embeds[0]
    fields = {field.name: field.value for field in embed.fields}
    assert embed.title == "Giant Banana" and fields["Monster"] == "The King"
    assert fields["Type"] == "Evolution, temporary" and "Box" not in fields
    frozen = await alice.slash(table.channel, "kot card", name="Freeze Ray")
    assert frozen.response is not None
    embed = frozen.response.embeds[0]
    assert embed.title == "Freeze Ray" and {f.name: f.value for f in embed.fields} == {
        "Monster": "Space Penguin", "Type": "Evolution, permanent"}
    client_locales[alice.id] = "es-ES"
    vital = await alice.slash(table.channel, "kot card", name="lo mas vital")
    assert vital.response is not None
    embed = vital.response.embeds[0]
    assert embed.title == "Lo más vital"
    assert {f.name: f.value for f in embed.fields}["Tipo"] == "Evolución temporal"
