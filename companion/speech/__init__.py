"""Speech and sound: phrasebooks, text output, synthesis cache, audio routes, earcons."""
