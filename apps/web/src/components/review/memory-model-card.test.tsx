import { type MemoryModel, reviewRoutes } from '@flashcards/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { MemoryModelCard } from './memory-model-card';

afterEach(cleanup);

const model = (fields: Partial<MemoryModel>): MemoryModel => ({
  desired_retention: 0.9,
  reviews: 240,
  min_reviews: 1000,
  own_parameters: false,
  fit: null,
  ...fields,
});
const fit = {
  fitted_at: '2031-06-08T02:31:00Z',
  reviews: 5200,
  rmse_bins: 0.031,
  default_rmse_bins: 0.054,
  log_loss: 0.31,
  default_log_loss: 0.34,
};

describe("the profile's memory model", () => {
  it('shows how far the learner is from a model of their own', async () => {
    fakeApi().on(reviewRoutes.memoryModel, model({}));
    renderWithProviders(<MemoryModelCard />);
    expect(await screen.findByText(/^Cards are scheduled for 90% recall/)).toBeVisible();
    expect(
      screen.getByText(/until 1,000 of your answers come a day or more after .* So far: 240\.$/),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: '240 of 1,000 answers on later days' })).toHaveAttribute(
      'aria-valuenow',
      '24',
    );
  });

  it('compares the fitted parameters with the defaults on the held-out answers', async () => {
    fakeApi().on(reviewRoutes.memoryModel, model({ reviews: 5300, own_parameters: true, fit }));
    renderWithProviders(<MemoryModelCard />);
    expect(
      await screen.findByText(
        "Fitted to your 5,200 answers on June 8, 2031. On answers held back from the fit, its predicted recall was off by 3.1% on average; the default parameters' by 5.4%.",
      ),
    ).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says when the defaults stay because they predicted better', async () => {
    fakeApi().on(
      reviewRoutes.memoryModel,
      model({ reviews: 1100, fit: { ...fit, reviews: 1100, rmse_bins: 0.06, default_rmse_bins: 0.05 } }),
    );
    renderWithProviders(<MemoryModelCard />);
    expect(
      await screen.findByText(
        /predicted the answers held back from the fit better \(5% off on average, against 6%\)/,
      ),
    ).toBeVisible();
  });
});
