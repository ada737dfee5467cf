#!/bin/bash
#SBATCH --array=0-7
#SBATCH --cpus-per-task=4
legible batch jobs.jsonl --jobs "$SLURM_CPUS_PER_TASK" \
  --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" --log "logs/shard-$SLURM_ARRAY_TASK_ID.jsonl"
