"""The Discord layer, below ``bot.py`` and the cogs (docs/ARCHITECTURE.md 5): what the cogs ask of
the bot (:mod:`discord_io.client`), texts within Discord's limits (:mod:`discord_io.texts`),
answering interactions (:mod:`discord_io.replies`), timing each first answer
(:mod:`discord_io.first_response`), the error handler (:mod:`discord_io.errors`), the persistent
buttons (:mod:`discord_io.buttons`, and planning from "My choices": :mod:`discord_io.planning`),
the transport that posts outbox items (:mod:`discord_io.transport`), the command translator
(:mod:`discord_io.translator`), and the choices and checks several cogs share
(:mod:`discord_io.choices`). Nothing here imports a cog or ``bot.py``."""
