"""Run one of the mjai package's reference bots on standard input/output (mjai.app framing).

python run_bot.py SEAT rulebase|riichi
"""

import sys

from loguru import logger
from mjai.bot.riichibot import RiichiBot
from mjai.bot.rulebase import RulebaseBot

logger.remove()  # RulebaseBot logs every discard
bots = {"rulebase": RulebaseBot, "riichi": RiichiBot}
bots[sys.argv[2]](player_id=int(sys.argv[1])).start()
