#!/bin/bash
#SBATCH --array=0-7
#SBATCH --cpus-per-task=4
# `legible batch --shard` as a Slurm array (sbatch legible-batch.sh): each task runs the jobs whose
# index modulo the array's size is its own, with its own --log. Slurm does not retry a task that
# exits 1 (a failed job): resubmit the array, or the failed indexes; a rerun skips what is done.
legible batch jobs.jsonl --jobs "$SLURM_CPUS_PER_TASK" \
  --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" --log "logs/shard-$SLURM_ARRAY_TASK_ID.jsonl"
